import path from 'node:path'
import type { PluginOption, UserConfig } from 'vite'
import pageConfig from '../../vite.config.js'

// The page's own build, unminified and without the size budgets (which count minified bytes), for
// readable function names in `npm run bench:profile`.
const base = (pageConfig as (env: { mode: string; command: 'build' }) => UserConfig)({ mode: 'production', command: 'build' })
const plugins = (base.plugins ?? []).filter((plugin: PluginOption) => (plugin as { name?: string } | null)?.name !== 'huaqian:budgets')

export default {
  ...base,
  root: path.resolve(import.meta.dirname, '../..'),
  plugins,
  build: { ...base.build, minify: false, outDir: 'artifacts/profile-dist', emptyOutDir: true },
}
