import { defaultLocale } from './locale'
import { localeBeforeIntake } from './page-locale'

/*
 * Inlined into <head> by the build (src/build/prerender.ts) and run before the body is parsed:
 * the prerendered first screen is in the default locale, so when the page will show another one,
 * or cannot know yet, its words are not shown (the layout still is) until the entry renders the
 * borrower's own. The entry removes the mark in the same task as that render.
 */
if (localeBeforeIntake(window) !== defaultLocale) document.documentElement.dataset.prerender = 'other-locale'
