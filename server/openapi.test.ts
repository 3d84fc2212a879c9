import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { callSummaries } from '../src/contract/call-summaries'
import { calls } from '../src/contract/calls'
import { StatusCode } from '../src/contract/envelope'
import { buildOpenApiDocument, commonHeaders } from './openapi'

type Json = Record<string, unknown>

const doc = JSON.parse(JSON.stringify(buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:8787' }))) as {
  openapi: string
  info: { description: string }
  servers: { url: string }[]
  paths: Record<string, Record<string, Json>>
  components: { parameters: Record<string, Json> }
}

function operation(name: keyof typeof calls): Json {
  const spec = calls[name]
  const op = doc.paths[spec.path]?.[spec.method.toLowerCase()]
  if (!op) throw new Error(`${name} missing`)
  return op
}

function parametersOf(op: Json): Json[] {
  return (op.parameters as Json[]).map((p) => {
    const ref = p.$ref
    if (typeof ref !== 'string') return p
    const target = doc.components.parameters[ref.replace('#/components/parameters/', '')]
    if (!target) throw new Error(`dangling ${ref}`)
    return target
  })
}

test('the document is OpenAPI 3.1 JSON with the server it was asked for', () => {
  expect(doc.openapi).toBe('3.1.0')
  expect(doc.servers[0]!.url).toBe('http://127.0.0.1:8787')
})

test('every call of the contract is documented under its method and path', () => {
  const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
  const contract = Object.values(calls).map((c) => `${c.method} ${c.path}`)
  expect(documented.sort()).toEqual(contract.sort())
  for (const name of Object.keys(calls)) {
    expect(operation(name as keyof typeof calls).operationId).toBe(name)
    expect(operation(name as keyof typeof calls).summary).toBe(callSummaries[name as keyof typeof calls])
    expect(callSummaries[name as keyof typeof calls].length, name).toBeGreaterThan(10)
  }
})

test('committing calls require an Idempotency-Key and the others do not ask for one', () => {
  for (const [name, spec] of Object.entries(calls)) {
    const key = parametersOf(operation(name as keyof typeof calls)).find((p) => p.name === 'Idempotency-Key')
    if (spec.committing) expect(key, name).toMatchObject({ in: 'header', required: true })
    else expect(key, name).toBeUndefined()
  }
  expect(Object.values(calls).filter((c) => c.committing).length).toBeGreaterThanOrEqual(4)
})

test('calls that need a login declare the bearer scheme and a 401 answer', () => {
  for (const [name, spec] of Object.entries(calls)) {
    const op = operation(name as keyof typeof calls)
    const responses = op.responses as Json
    if (spec.auth) {
      expect(op.security, name).toEqual([{ bearer: [] }])
      expect(responses['401'], name).toBeDefined()
    } else {
      expect(op.security, name).toEqual([])
    }
  }
})

test('every API call documents the spec headers, and the init config none', () => {
  for (const [name] of Object.entries(calls)) {
    const headers = parametersOf(operation(name as keyof typeof calls))
      .filter((p) => p.in === 'header')
      .map((p) => p.name)
    if (name === 'initConfig') expect(headers).toEqual([])
    else for (const h of commonHeaders) expect(headers, name).toContain(h.name)
  }
})

test('a GET takes its input as query parameters and a POST as a JSON body', () => {
  const trial = parametersOf(operation('trialLoan')).filter((p) => p.in === 'query')
  expect(trial.map((p) => [p.name, p.required])).toEqual([
    ['amount', true],
    ['term', true],
    ['lender_id', false],
  ])
  expect(operation('trialLoan').requestBody).toBeUndefined()

  const agreement = parametersOf(operation('getAgreement'))
  expect(agreement.find((p) => p.in === 'path')).toMatchObject({ name: 'key', required: true })

  const apply = operation('applyLoan').requestBody as { content: { 'application/json': { schema: Json } } }
  const body = apply.content['application/json'].schema
  expect(body.required).toEqual(expect.arrayContaining(['lender_id', 'amount', 'term', 'purpose', 'agreements']))
})

test('answers are the envelope around the call’s data', () => {
  const response = (operation('getAgreement').responses as Record<string, { content: Record<string, { schema: Json }> }>)['200']!
  const schema = response.content['application/json']!.schema as { properties: Record<string, Json> }
  expect(Object.keys(schema.properties)).toEqual(['status', 'message', 'data'])
  expect(JSON.stringify(schema.properties.data)).toContain('content_html')
})

test('the description teaches the status codes, money and APR conventions and the signature rule', () => {
  const text = doc.info.description
  for (const code of Object.values(StatusCode)) expect(text).toContain(`| ${code} |`)
  expect(text).toMatch(/integer number of fen/)
  expect(text).toMatch(/APR\*\* is a fraction/)
  expect(text).toContain('HMAC-SHA256')
  expect(text).toContain('Idempotency-Key')
})

test('the signature vectors are embedded verbatim from the contract\'s copy of the shared design file', () => {
  const file = path.resolve(__dirname, '../src/contract/signature-vectors.json')
  const vectors = (JSON.parse(readFileSync(file, 'utf8')) as { vectors: { signature: string; stringToSign: string }[] }).vectors
  for (const v of vectors) {
    expect(doc.info.description).toContain(v.signature)
    expect(doc.info.description).toContain(JSON.stringify(v.stringToSign))
  }
})
