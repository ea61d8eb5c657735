// Declaration merging with Vite's ImportMetaEnv needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  /** The ad network's publisher id (ca-pub-…); unset means no ad script ever loads. */
  readonly VITE_AD_CLIENT_ID?: string;
  /** Optional ad unit ids per placement (digits); without one the network picks the format. */
  readonly VITE_AD_SLOT_HEADER?: string;
  readonly VITE_AD_SLOT_SIDEBAR?: string;
  readonly VITE_AD_SLOT_CONTENT?: string;
  readonly VITE_AD_SLOT_POPUP?: string;
}
