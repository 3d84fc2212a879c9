import { parseArgs } from 'node:util'
import { defaultDbFile, startSandbox } from './start'

/*
 * The CLI behind `npm start` (built page) and `npm run dev` (Vite with HMR):
 *   tsx server/main.ts [--port 8787] [--host 127.0.0.1] [--db data/sandbox.db | :memory:] [--dev]
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    db: { type: 'string', default: defaultDbFile },
    dev: { type: 'boolean', default: false },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be 0–65535, got ${values.port}`)
  process.exit(2)
}

const sandbox = await startSandbox({ port, host: values.host, db: values.db, dev: values.dev })
const lines = [
  `花钱 sandbox${values.dev ? ' (dev, Vite HMR)' : ''} is running.`,
  `  Open the host simulator first: ${sandbox.url}/host/`,
  `  The page:                      ${sandbox.url}/`,
  `  API docs:                      ${sandbox.url}/docs/`,
  `  Statechart review:             ${sandbox.url}/review/`,
  `  Personas (login code 123456):  ${sandbox.url}/sandbox/personas`,
  `  Data file:                     ${values.db}`,
]
console.log(lines.join('\n'))

const stop = () => {
  void sandbox.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
