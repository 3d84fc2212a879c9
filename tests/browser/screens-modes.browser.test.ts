import { screenTours } from '../support/screen-tour'

// Every screen in elder mode and with 200% text on a 320 px screen (support/screen-tour.ts), in every
// locale: `npm run tour` runs them, beside the default phone's tours.
screenTours(['elder', 'text200'])
