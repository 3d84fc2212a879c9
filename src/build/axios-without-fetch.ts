import type { Plugin } from 'vite'

/*
 * The request layer gives axios an adapter of its own (src/api/fetch-answer.ts), and where none is
 * given axios takes the first adapter the environment supports, in the order xhr, http, fetch: in a
 * page (every WebView has XMLHttpRequest) axios's fetch adapter is never used. It is bundled all the
 * same, because the adapters table names it: 4 KiB gzip of the first screen's
 * JavaScript. The page build puts "not supported here" in its place, which is what axios
 * itself answers where fetch is missing. Tests in Node use axios unbuilt, with every adapter.
 */

const adaptersTable = /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/
const stubId = '\0huaqian:axios-fetch-adapter'

export function axiosWithoutFetch(): Plugin {
  return {
    name: 'huaqian:axios-without-fetch',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './fetch.js' && importer !== undefined && adaptersTable.test(importer) ? stubId : null
    },
    load(id) {
      return id === stubId ? 'export const getFetch = () => false\n' : null
    },
  }
}
