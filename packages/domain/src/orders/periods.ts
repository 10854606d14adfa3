/**
 * Spec 5.3 and 9: an order list's or export's period (its creation, or a stamp) is at most this many
 * days. The API refuses a longer one; the console asks within it (the export dialog's period).
 */
export const ORDER_PERIOD_MAX_DAYS = 31;
