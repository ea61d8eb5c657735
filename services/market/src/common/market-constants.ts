/** The industry of a stock added from the bhavcopy alone, which names none. */
export const NOT_CLASSIFIED = 'Not classified';
