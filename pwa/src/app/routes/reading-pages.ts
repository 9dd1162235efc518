/**
 * The prerendered pages a visitor reads (about, blogs, contact), loaded together as one file.
 * They load neither the device's copy (Dexie) nor the forms' schemas (zod) before they hydrate,
 * so they are kept apart from the other content pages (content-pages.ts), whose sign-in and
 * registration forms need both (docs/decisions/0087-bengali-first-visit-bytes.md).
 */
export { AboutPage } from '../../features/about/about-page.tsx';
export { BlogsPage } from '../../features/blogs/blogs-page.tsx';
export { ContactPage } from '../../features/contact/contact-page.tsx';
