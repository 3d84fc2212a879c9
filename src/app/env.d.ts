/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SIGNING_KEY?: string
  readonly VITE_INIT_CONFIG_URL?: string
  readonly VITE_API_ORIGINS?: string
  readonly VITE_HOST_ORIGINS?: string
  readonly VITE_ALLOW_LOOPBACK?: string
}

/** package.json's version, defined by vite.config.ts; sent as the `version` header. */
declare const __APP_VERSION__: string
