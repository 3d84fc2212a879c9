import { screenTours } from '../support/screen-tour'

// Every screen in the default phone (support/screen-tour.ts); the other display modes are their
// own file so the two run side by side.
screenTours(['default'])
