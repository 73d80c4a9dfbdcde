/** A document the data service has just deleted. */
export interface DeletedDocument {
  collection: string;
  id: string;
  owner: string;
}

/** A document the data service has just created, patched or cloned, as stored. */
export interface WrittenDocument {
  collection: string;
  id: string;
  owner: string;
  /** The stored body: the document's own fields as JSON text (no system fields). */
  body: string;
  /** Epoch milliseconds of the write (the document's `updatedAt`). */
  updatedAt: number;
}

/**
 * What the data service tells the rest of the platform about changes it made, so state that
 * hangs off a document (an exported book's PDF, an index of stored automations) follows it
 * whichever route made the change. Each method is optional and awaited after the change is
 * committed; the caller of the data service sees a rejection as its own, though the change
 * stands. Implementations should therefore catch and log their own failures and keep a sweep for
 * whatever they miss.
 */
export interface DataEvents {
  /** After `data.remove` deleted the document. */
  documentDeleted?(document: DeletedDocument): Promise<void>;
  /** After `data.create`, `data.patch` or `data.clone` stored the document. */
  documentWritten?(document: WrittenDocument): Promise<void>;
}
