import type { Plugin } from 'vite'

/*
 * The page's requests go through an adapter of its own (src/api/fetch-answer.ts), so axios's own
 * browser adapters, XMLHttpRequest's and fetch's, are never used there. They are bundled all the
 * same, because axios's adapters table names them: fetch's 4 KiB and XMLHttpRequest's 2 KiB gzip
 * of the first screen's JavaScript. The page build puts "not supported here" in their place, which
 * is what axios itself answers for an adapter the environment lacks. Tests in Node use axios
 * unbuilt, with every adapter.
 */

const adaptersTable = /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/
const stubs: Record<string, { id: string; code: string }> = {
  './xhr.js': { id: '\0huaqian:axios-xhr-adapter', code: 'export default false\n' },
  './fetch.js': { id: '\0huaqian:axios-fetch-adapter', code: 'export const getFetch = () => false\n' },
}

export function axiosOwnAdaptersOut(): Plugin {
  return {
    name: 'huaqian:axios-own-adapters-out',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer !== undefined && adaptersTable.test(importer) ? (stubs[source]?.id ?? null) : null
    },
    load(id) {
      return Object.values(stubs).find((stub) => stub.id === id)?.code ?? null
    },
  }
}
