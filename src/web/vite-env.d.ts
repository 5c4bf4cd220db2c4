/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BRAND_NAME?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_COMPANY_SITE_URL?: string;
  readonly VITE_SITE_URL?: string;
  readonly SITE_URL?: string;
  readonly VITE_GOOGLE_TAG_ID?: string;
  readonly VITE_ADS_CONVERSION_SEND_TO?: string;
  readonly VITE_VAPI_PUBLIC_KEY?: string;
  readonly VITE_VAPI_ASSISTANT_ID?: string;
  readonly VITE_VAPI_API_URL?: string;
  readonly VITE_CHAT_WIDGET_SRC?: string;
  readonly VITE_CHAT_WIDGET_ATTRIBUTES?: string;
  readonly VITE_CHAT_WIDGET_CONTAINER_ID?: string;
}

/** The year of the build (vite.config.ts `define`); undefined outside Vite (scripts, Playwright). */
declare const __BUILD_YEAR__: number | undefined;
