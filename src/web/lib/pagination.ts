/** One page of a list, with the total the API counted for pagination. */
export type Paged<T> = { items: T[]; total: number };
