/**
 * Elder-friendly mode is a class on <html> (the styles follow it) and, once the borrower turns it
 * on, a plain flag on the device (docs/decisions/106-elder-mode.md). Read before the first paint
 * by the head script; this module is all the entry carries of the mode.
 */
export const elderFlagKey = 'huaqian.elder'
export const elderClass = 'elder'
