/** The <template> the build writes for the catalogue's early search, and the script finds it by. */
export const earlyCatalogueId = 'early-catalogue';

/** What each card of the template carries for the forgiving search (`data-words`, as JSON). */
export interface EarlyForgivingWords {
  title: string;
  titleBn: string | null;
  shortDetails: string;
  shortDetailsBn: string | null;
}
