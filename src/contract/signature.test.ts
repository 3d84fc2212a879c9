import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import {
  canonicalFields,
  sandboxSigningKey,
  signRequest,
  sortedJson,
  stringToSign,
} from './signature'

interface Vector {
  name: string
  ts: number
  body: Record<string, unknown>
  stringToSign: string
  signature: string
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const vectorText = readFileSync(path.resolve(repoRoot, 'src/contract/signature-vectors.json'), 'utf8')
const vectorFile = JSON.parse(vectorText) as { key: string; vectors: Vector[] }
test('the sandbox key is the one the shared vectors are made with', () => {
  expect(vectorFile.key).toBe(sandboxSigningKey)
  expect(vectorFile.vectors.length).toBeGreaterThanOrEqual(7)
})

// rules: request-signature
test.each(vectorFile.vectors.map((vector) => [vector.name, vector] as const))(
  'vector %s: string to sign and signature match the shared file',
  (_name, vector) => {
    expect(stringToSign(vector.ts, vector.body)).toBe(vector.stringToSign)
    expect(signRequest(vector.ts, vector.body, vectorFile.key)).toBe(vector.signature)
  },
)

test('a value holding & and = cannot pass for two fields (N2 and N3 differ)', () => {
  const split = signRequest(1700000000, { a: '1&b=2' }, sandboxSigningKey)
  const pair = signRequest(1700000000, { a: '1', b: '2' }, sandboxSigningKey)
  expect(split).not.toBe(pair)
  expect(canonicalFields({ a: '1&b=2' })).not.toBe(canonicalFields({ a: '1', b: '2' }))
})

test('a tampered field changes the signature', () => {
  expect(signRequest(1, { code: '123456' }, 'k')).not.toBe(signRequest(1, { code: '123457' }, 'k'))
  expect(signRequest(1, { code: '1' }, 'k')).not.toBe(signRequest(2, { code: '1' }, 'k'))
})

// rules: request-signature
test('nested objects are signed with their keys sorted at every level', () => {
  const one = { outer: { b: 1, a: { d: [{ z: 1, y: 2 }], c: true } } }
  const two = { outer: { a: { c: true, d: [{ y: 2, z: 1 }] }, b: 1 } }
  expect(canonicalFields(one)).toBe(canonicalFields(two))
  expect(sortedJson(one.outer)).toBe('{"a":{"c":true,"d":[{"y":2,"z":1}]},"b":1}')
})

// rules: request-signature
test("the characters ! ' ( ) * are percent-encoded", () => {
  expect(canonicalFields({ "k!'()*": "v!'()*" })).toBe('k%21%27%28%29%2A=v%21%27%28%29%2A')
})

// rules: request-signature
test('null, undefined and empty strings are dropped while 0, false and "0" are kept', () => {
  expect(canonicalFields({ a: null, b: undefined, c: '', d: 0, e: false, f: '0' })).toBe(
    'd=0&e=false&f=0',
  )
})

test('a __proto__ key inside a nested object is signed as data, not as a prototype', () => {
  const body = JSON.parse('{"x":{"__proto__":{"polluted":1},"a":1}}') as Record<string, unknown>
  expect(sortedJson(body.x)).toBe('{"__proto__":{"polluted":1},"a":1}')
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})
