import { expect, test } from 'vitest'
import { scrollToShow } from './keyboard-scroll'

// A 476 px tall visible part under a 44 px bar: what a 375×812 phone shows with a 336 px keyboard open.
const view = { top: 44, bottom: 476 }

// rules: webview-keyboard
test('a field under the keyboard comes up with the button after it, when both fit, 8 px clear of the edge', () => {
  // Field 600–650, button 700–748: the button's foot goes to 468, so the scroll is 748 + 8 - 476.
  expect(scrollToShow({ top: 600, bottom: 650 }, { top: 700, bottom: 748 }, view)).toBe(280)
})

// rules: webview-keyboard
test('when the field and the button do not fit together, the field alone comes up and keeps its top in view', () => {
  // Field 600–650, button 1200–1248: 648 px apart is more than the 416 px of room.
  expect(scrollToShow({ top: 600, bottom: 650 }, { top: 1200, bottom: 1248 }, view)).toBe(650 + 8 - 476)
  // A field taller than the room shows its top, under the bar, not its foot.
  expect(scrollToShow({ top: 300, bottom: 900 }, null, view)).toBe(300 - 8 - 44)
})

// rules: webview-keyboard
test('a field under the bar comes down; one in view stays where it is', () => {
  expect(scrollToShow({ top: 20, bottom: 70 }, null, view)).toBe(20 - 8 - 44)
  expect(scrollToShow({ top: 200, bottom: 250 }, { top: 300, bottom: 348 }, view)).toBe(0)
})
