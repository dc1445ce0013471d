// Addresses of the print views that more than one screen opens (PRINT_ROUTES in contracts lists them all).

/** The pick list of one order. */
export const orderPickListPath = (orderId: number) => `/print/orders/${orderId}/pick-list`;

/** The combined pick list of a batch. */
export const batchPickListPath = (batchId: number) => `/print/batches/${batchId}/pick-list`;
