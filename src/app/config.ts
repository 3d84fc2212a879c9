import { sandboxSigningKey } from '../contract/signature'
import { originList } from './origin-list'

/*
 * Build-time configuration, read once at the edge and passed into the framework-free layers
 * (the request layer, the bridge), which never read `import.meta.env` themselves.
 *
 *   VITE_SIGNING_KEY        the app's signing key (default: the sandbox's)
 *   VITE_INIT_CONFIG_URL    the init config file (default: `config/init.json` beside the page)
 *   VITE_API_ORIGINS        comma-separated origins a bridge `baseUrl` may point to
 *   VITE_HOST_ORIGINS       comma-separated origins whose `message` events carry bridge payloads
 *   VITE_ALLOW_LOOPBACK     `true` lets a bridge `baseUrl` be a loopback address (always on in dev)
 */


export interface AppConfig {
  signingKey: string
  initConfigUrl: string
  apiOrigins: string[]
  hostOrigins: string[]
  allowLoopback: boolean
  production: boolean
  appVersion: string
}

export function readConfig(baseUri: string): AppConfig {
  const env = import.meta.env
  return {
    signingKey: env.VITE_SIGNING_KEY || sandboxSigningKey,
    initConfigUrl: new URL(env.VITE_INIT_CONFIG_URL || 'config/init.json', baseUri).href,
    apiOrigins: originList(env.VITE_API_ORIGINS),
    hostOrigins: originList(env.VITE_HOST_ORIGINS),
    allowLoopback: env.DEV || env.VITE_ALLOW_LOOPBACK === 'true',
    production: env.PROD,
    appVersion: __APP_VERSION__,
  }
}
