import { parseArgs } from 'node:util'
import { build } from 'vite'
import { reviewConfig } from './vite.config'

/*
 * `npm run review:build`: the reviewer page, built into dist-review/ with what changed in the machine
 * against the approved description, and with `--base REF` against that commit as well (Vite's own
 * --base is the page's public path, so this command reads the option and hands Vite the rest).
 */

const usage = `npm run review:build -- [--base REF]

Builds the reviewer page (dist-review/, served at /review/ by npm start).
  --base REF   also show what changed against the machine of that commit (a branch, a tag, a hash);
               the diff against the approved machine description is always shipped
  --help       this text`

let values: { base?: string; help?: boolean }
try {
  values = parseArgs({ options: { base: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`)
  process.exit(2)
}
if (values.help) {
  console.log(usage)
  process.exit(0)
}
await build({ configFile: false, ...reviewConfig(values.base) })
