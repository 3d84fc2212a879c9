import 'i18next'
import type messages from '../../locales/zh-Hans.json'

// zh-Hans is the default locale and the reference the key-parity test holds the others to.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: {
      translation: typeof messages
    }
  }
}
