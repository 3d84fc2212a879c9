import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/*
 * Brotli and gzip copies of every text file in the build (`x.js.br`, `x.js.gz`), made once at
 * build time at the highest levels, so the server picks one by Accept-Encoding and never
 * compresses on a request.
 */

const compressible = /\.(?:js|mjs|css|html|json|svg|txt)$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'huaqian:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle(error) {
      // A failed build wrote nothing: reading its output would hide the build's own error behind an ENOENT.
      if (error) return
      for (const file of filesUnder(outDir)) {
        if (!compressible.test(file)) continue
        const content = readFileSync(file)
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength },
        })
        const gzip = gzipSync(content, { level: 9 })
        // A copy no smaller than the file would only cost a lookup.
        if (brotli.byteLength < content.byteLength) writeFileSync(`${file}.br`, brotli)
        if (gzip.byteLength < content.byteLength) writeFileSync(`${file}.gz`, gzip)
      }
    },
  }
}
