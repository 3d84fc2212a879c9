import type { Plugin } from 'vite'

/*
 * The machine's states carry their purpose in a reviewer's words (`{ en: '…', 'zh-Hans': '…' }`, see
 * machines/shapes.ts), which the reviewer page reads from the machine. The borrower never sees them:
 * the borrower's build leaves them out, so the first screen does not download two languages of
 * descriptions it never shows. Only the machine's own files are touched, and only that exact shape.
 */

const machineFile = /[\\/]machines[\\/][\w.-]+\.ts$/
const text = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")`
export const wordsLiteral = new RegExp(String.raw`\{\s*en:\s*${text},\s*'zh-Hans':\s*${text},?\s*\}`, 'g')

export function machineWordsOut(): Plugin {
  return {
    name: 'huaqian:machine-words-out',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!machineFile.test(id) || !wordsLiteral.test(code)) return null
      wordsLiteral.lastIndex = 0
      // A `words:` property goes whole (its line stays, empty); a literal passed as an argument becomes 0.
      const property = new RegExp(String.raw`\bwords:\s*${wordsLiteral.source},?`, 'g')
      return { code: code.replace(property, '').replace(wordsLiteral, '0'), map: null }
    },
  }
}
