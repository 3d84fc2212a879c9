/*
 * Search by word parts: a query's words each begin a word of the name, in order, so `sendCode`
 * finds `sendCardCode` and `card code` finds `bankCard.codeSent`. Names split at dots, dashes,
 * spaces and camelCase humps; a plain substring still matches.
 */

export function wordParts(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

export function matchesWords(query: string, text: string): boolean {
  const plain = query.trim().toLowerCase()
  if (plain === '') return false
  if (text.toLowerCase().includes(plain)) return true
  const wanted = wordParts(query)
  let at = 0
  for (const part of wordParts(text)) if (at < wanted.length && part.startsWith(wanted[at] as string)) at += 1
  return at === wanted.length
}
