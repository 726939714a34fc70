/// <reference types="vite/client" />

/** Build-time settings (README, "Hosting"); every one is optional. */
interface ImportMetaEnv {
  /** The contact address shown on the contact, privacy and terms pages. */
  readonly VITE_CONTACT_EMAIL?: string;
}
