import { screenTours } from '../support/screen-tour'

// Every screen in elder mode and with 200% text on a 320 px screen (support/screen-tour.ts).
screenTours(['elder', 'text200'])
