import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod/mini'
import { callSummaries } from '../src/contract/call-summaries'
import { calls, type CallName, type CallSpec } from '../src/contract/calls'
import { envelope, StatusCode } from '../src/contract/envelope'

/*
 * The OpenAPI 3.1 document of the API, generated from the contract (src/contract/calls.ts) so the
 * docs cannot disagree with the page or the sandbox. Served as /docs/openapi.json and read by
 * server/public/docs/.
 */

type JsonSchema = Record<string, unknown>

interface ParameterObject {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  description?: string
  schema: JsonSchema
}

interface OperationObject {
  operationId: string
  summary: string
  tags: string[]
  parameters: (ParameterObject | { $ref: string })[]
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } }
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>
  security: Record<string, string[]>[]
  'x-auth': boolean
  'x-committing': boolean
}

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string; description: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, OperationObject>>
  components: {
    securitySchemes: Record<string, JsonSchema>
    parameters: Record<string, ParameterObject>
    schemas: Record<string, JsonSchema>
  }
}

/** The headers of docs/product-rules.md#request-headers that every API call carries (Authorization is the security scheme). */
export const commonHeaders: readonly { name: string; required: boolean; description: string; example: string }[] = [
  { name: 'timestamp', required: true, description: 'Client clock in Unix seconds; refused (status 1003) when more than 300 s from the server clock.', example: '1700000000' },
  { name: 'signature', required: true, description: 'Lowercase hex HMAC-SHA256 of the signing string (see "Signature" above); refused with status 1002 when wrong.', example: '2da2a7bfadb6d8ae700b22c6d131255fb1981cbe7cbd6888dfa4f41f6c1eb176' },
  { name: 'app-code', required: false, description: 'The host app; 10002 when the page query has none.', example: '10002' },
  { name: 'Device-ID', required: false, description: 'Device id handed over by the host bridge (`deviceId`).', example: 'dev-8c1f2a' },
  { name: 'model', required: false, description: 'Device model from the bridge.', example: 'Mate 60' },
  { name: 'brand', required: false, description: 'Device brand from the bridge.', example: 'HUAWEI' },
  { name: 'os', required: false, description: 'Operating system family: android, ios or web.', example: 'android' },
  { name: 'screen', required: false, description: 'Screen size as `width*height` in CSS pixels.', example: '375*812' },
  { name: 'channel-code', required: false, description: 'Acquisition channel; `app-test` by default.', example: 'app-test' },
  { name: 'oaid', required: false, description: 'Android advertising id (OAID) from the bridge.', example: '' },
  { name: 'imei', required: false, description: 'IMEI from the bridge, when the host has one.', example: '' },
  { name: 'version', required: false, description: 'Version of the web page build.', example: '0.1.0' },
  { name: 'os-name', required: false, description: 'Operating system name and version from the bridge (`osName`).', example: 'HarmonyOS 4.0' },
]

/** What each body `status` means; a test keeps it in step with `StatusCode`. */
export const statusCodeMeanings: Record<keyof typeof StatusCode, string> = {
  ok: 'Success; `data` holds the answer.',
  invalidRequest: 'The request does not match the contract (missing field, wrong type).',
  fieldRule: 'A field breaks a rule of the product (docs/product-rules.md#field-rules); `data.field` names it.',
  badSignature: 'The `signature` header is missing or does not match the request.',
  staleTimestamp: 'The timestamp is more than 300 s from the server clock; `data.server_time` is the server clock, so the client can correct its offset and retry once.',
  stepOutOfOrder: 'The step is not allowed yet (e.g. bank card before contacts); `data.step` is the current step.',
  idempotencyConflict: 'An `Idempotency-Key` was reused with a different body.',
  idempotencyKeyMissing: 'A committing call came without an `Idempotency-Key`.',
  notFound: 'The thing asked for does not exist.',
  smsCodeInvalid:
    'The SMS code is wrong, expired or spent. The fifth wrong try spends the code (per phone and per card); `data.attempts_left` counts the tries left; then a new code must be requested.',
  cardRefused: 'The card is refused (credit card BIN, unknown bank).',
  notPayable: 'The periods chosen cannot be repaid (already paid, not oldest first, amount changed).',
  smsTooSoon: 'An SMS code was asked for again within the 60 s resend interval; `data.retry_after` is the wait in seconds.',
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const vectorsPath = path.resolve(repoRoot, 'src/contract/signature-vectors.json')

export function buildOpenApiDocument({ serverUrl }: { serverUrl?: string } = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  const tagNames = new Set<string>()
  for (const [name, spec] of Object.entries(calls) as [string, CallSpec][]) {
    const tag = tagOf(spec.path)
    tagNames.add(tag)
    const byMethod = (paths[spec.path] ??= {})
    byMethod[spec.method.toLowerCase()] = operationOf(name, spec, tag)
  }

  return {
    openapi: '3.1.0',
    info: {
      title: '花钱 (Huaqian) loan web view API',
      version: '1.0.0',
      description: describeApi(),
    },
    servers: [{ url: serverUrl ?? '/', description: 'The sandbox (the init config tells the page where the real API lives).' }],
    tags: [...tagNames].sort().map((name) => ({ name, description: `Calls under ${name}` })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token the host app hands the page in the bridge payload. Without it, an `auth` call answers HTTP 401: the page clears the token and user and sends the host `goHome`.',
        },
      },
      parameters: {
        ...Object.fromEntries(
          commonHeaders.map((h) => [
            headerRef(h.name),
            { name: h.name, in: 'header' as const, required: h.required, description: h.description, schema: { type: 'string', examples: [h.example] } },
          ]),
        ),
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: 'Made once when the borrower commits and reused on every retry of the same commit. The server keeps the first answer for 24 h, answers a reuse with a different body with status 1005, and a missing key with status 1006.',
          schema: { type: 'string', minLength: 8, maxLength: 128, examples: ['4f9c2d7e-1b3a-4c5d-9e8f-0a1b2c3d4e5f'] },
        },
      },
      schemas: {
        StatusCode: {
          type: 'integer',
          enum: Object.values(StatusCode),
          description: Object.entries(StatusCode)
            .map(([key, code]) => `${code} ${key}: ${statusCodeMeanings[key as keyof typeof StatusCode]}`)
            .join('\n'),
        },
      },
    },
  }
}

function operationOf(name: string, spec: CallSpec, tag: string): OperationObject {
  const parameters: OperationObject['parameters'] = []
  const pathSchema = toSchema(spec.params, 'input')
  for (const [param, schema] of propertiesOf(pathSchema)) {
    parameters.push({ name: param, in: 'path', required: true, schema })
  }
  const inputSchema = toSchema(spec.input, 'input')
  const isQuery = spec.method === 'GET'
  if (isQuery) {
    const required = new Set(requiredOf(inputSchema))
    for (const [param, schema] of propertiesOf(inputSchema)) {
      const { description, ...rest } = schema
      parameters.push({
        name: param,
        in: 'query',
        required: required.has(param),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      })
    }
  }
  // The init config is fetched from a file host before any header can be made (docs/product-rules.md#one-request).
  const isInitConfig = spec.path === calls.initConfig.path
  if (!isInitConfig) {
    for (const h of commonHeaders) parameters.push({ $ref: `#/components/parameters/${headerRef(h.name)}` })
  }
  if (spec.committing) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' })

  const responses: OperationObject['responses'] = {
    '200': {
      description:
        'The answer envelope. Success only when `status` is 0; any other `status` (see the StatusCode schema) is a refusal whose `message` the page shows, with `data` possibly naming the field or step.',
      content: { 'application/json': { schema: toSchema(envelope(spec.data), 'output') } },
    },
  }
  if (spec.auth) responses['401'] = { description: 'No bearer token, or an expired one.' }

  return {
    operationId: name,
    summary: callSummaries[name as CallName],
    tags: [tag],
    parameters,
    ...(isQuery
      ? {}
      : { requestBody: { required: true as const, content: { 'application/json': { schema: inputSchema } } } }),
    responses,
    security: spec.auth ? [{ bearer: [] }] : [],
    'x-auth': spec.auth,
    'x-committing': spec.committing,
  }
}

function toSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  // OpenAPI 3.1's dialect is already draft 2020-12; a `$schema` in every operation is noise.
  delete json.$schema
  return json
}

function propertiesOf(schema: JsonSchema): [string, JsonSchema][] {
  const properties = schema.properties
  if (typeof properties !== 'object' || properties === null) return []
  return Object.entries(properties as Record<string, JsonSchema>)
}

function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []
}

/** `/v2/bank-card/loan/confirm` → `/v2/bank-card`; `/config/init.json` → `/config`. */
function tagOf(callPath: string): string {
  const segments = callPath.split('/').filter(Boolean)
  if (segments[0] === 'api' || segments[0] === 'v2') return `/${segments[0]}/${segments[1] ?? ''}`
  return `/${segments[0] ?? ''}`
}

function headerRef(name: string): string {
  return `Header-${name}`
}

function describeApi(): string {
  const statusRows = Object.entries(StatusCode)
    .map(([key, code]) => `| ${code} | \`${key}\` | ${statusCodeMeanings[key as keyof typeof StatusCode]} |`)
    .join('\n')
  return `The API behind the 花钱 loan web view, generated from the contract in \`src/contract/calls.ts\`. The page, the sandbox and this document are built from the same table, so they cannot disagree.

## Envelope

Every answer is \`{ "status": int, "message"?: string, "data": ... | null }\`. A call succeeds only when the HTTP status is 200 **and** \`status\` is 0. Any other \`status\` is a business refusal: the page shows \`message\` (or "request error") as a toast and the caller still gets the body. HTTP 401 means the bearer token is missing or expired: the page clears the token and user and asks the host to go home.

| status | name | meaning |
|---|---|---|
${statusRows}

## Conventions

- **Money** is an integer number of fen (1/100 CNY), so sums are exact: \`1000000\` is 10,000.00 CNY.
- **APR** is a fraction per year: \`0.18\` is 18%. Loans are equal-installment: payment = P·r(1+r)^n / ((1+r)^n − 1) with r = APR / 12, each period's interest rounded to the fen, the last period absorbing the rounding. Every price the borrower sees shows the APR.
- **Dates** are ISO \`YYYY-MM-DD\`; instants are ISO 8601 with an offset.
- **Enums** are lowercase snake_case codes that the page translates; the server sends copy only in \`message\` and in agreement or rich-text HTML.
- **Query values** arrive as text; integer query parameters accept digits.
- **Locales**: en, fr, es, zh-Hans (default), zh-Hant.

## Headers

Every call except the init config carries the headers listed under each operation: \`timestamp\`, \`signature\`, \`app-code\`, \`Device-ID\`, \`model\`, \`brand\`, \`os\`, \`screen\`, \`channel-code\`, \`oaid\`, \`imei\`, \`version\`, \`os-name\`, and \`Authorization: Bearer <token>\` when logged in. Calls marked **auth** answer HTTP 401 without a token.

## Idempotency

Calls marked **committing** change money or a binding. They require an \`Idempotency-Key\` header, made when the borrower commits and reused on every retry. After a timeout the client re-sends with the same key (or re-queries) and never makes a fresh submit. The server keeps the first answer for a key for 24 h, refuses a reused key with a different body (status 1005) and records exactly one effect per key.

## Signature

The \`signature\` header is a keyed hash over the request's fields plus the timestamp:

1. **Fields**: the top-level keys of the JSON body (for a GET, its query parameters; none: \`{}\`). Path parameters are not signed. Drop \`null\`, \`undefined\` and \`""\`; keep \`0\`, \`false\` and \`"0"\`.
2. **Order**: sort keys by UTF-16 code units (JavaScript's default sort: \`Zeta\` before \`agree\`).
3. **Values**: strings as they are; numbers as \`String(n)\`; booleans \`true\`/\`false\`; objects and arrays as JSON with keys sorted at every level and no whitespace.
4. **Pairs**: \`enc(key)=enc(value)\` joined by \`&\`, where \`enc\` is \`encodeURIComponent\` that also encodes \`!'()*\` (RFC 3986), so \`{a: "1&b=2"}\` and \`{a: "1", b: "2"}\` cannot collide.
5. **String to sign**: \`<timestamp>\\n<pairs>\`; **signature**: lowercase hex HMAC-SHA256 with the app's signing key (the sandbox's is \`sandbox-signing-key\`).
6. The server rebuilds the string, compares in constant time, refuses a mismatch (status 1002), and refuses a timestamp more than 300 s from its clock either way (status 1003, with \`data.server_time\`), so the client can correct its clock offset and retry once.

The key ships in the page, so the signature proves integrity, not identity; identity is the bearer token.

### Test vectors

${signatureVectorsSection()}
`
}

function signatureVectorsSection(): string {
  let raw: string
  try {
    raw = readFileSync(vectorsPath, 'utf8')
  } catch {
    return `The vectors file (\`${path.relative(repoRoot, vectorsPath)}\`) was not found when this document was built, so no vectors are embedded here.`
  }
  let vectors: unknown
  try {
    vectors = (JSON.parse(raw) as { vectors?: unknown }).vectors
  } catch {
    return `The vectors file (\`${path.relative(repoRoot, vectorsPath)}\`) is not valid JSON, so no vectors are embedded here.`
  }
  if (!Array.isArray(vectors)) return 'The vectors file has no `vectors` list, so no vectors are embedded here.'
  const intro = `Both sides must reproduce these (key \`sandbox-signing-key\`, from \`${path.relative(repoRoot, vectorsPath)}\`). Vectors named N… are negative checks: a tampered or split body must give a different digest.`
  return `${intro}\n\n\`\`\`json\n${JSON.stringify(vectors, null, 2)}\n\`\`\``
}
