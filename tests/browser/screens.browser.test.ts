import { screenTours } from '../support/screen-tour'

// Every screen in the default phone (support/screen-tour.ts): `npm test` runs it in Simplified Chinese,
// `npm run tour` in every locale, beside the other display modes' file.
screenTours(['default'])
