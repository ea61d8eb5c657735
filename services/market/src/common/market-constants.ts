/** The index series of the dataset; used to tell corporate actions from market falls. */
export const INDEX_SYMBOL = 'NIFTY 50';

/** The industry of a stock added from the bhavcopy alone, which names none. */
export const NOT_CLASSIFIED = 'Not classified';
