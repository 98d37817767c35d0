/** Lists answer the page as an array and the full count in `X-Total-Count`. */
export const TOTAL_COUNT = "X-Total-Count";
