/** The <template> the build writes for the catalogue's early search, and the script finds it by. */
export const earlyCatalogueId = 'early-catalogue';
