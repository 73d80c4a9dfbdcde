/** A document the data service has just deleted. */
export interface DeletedDocument {
  collection: string;
  id: string;
  owner: string;
}

/**
 * What the data service tells the rest of the platform about changes it made, so state that
 * hangs off a document (an exported book's PDF, say) follows it whichever route made the change.
 * Each method is optional and awaited after the change is committed; the caller of the data
 * service sees a rejection as its own, though the change stands. Implementations should therefore
 * catch and log their own failures and keep a sweep for whatever they miss.
 */
export interface DataEvents {
  /** After `data.remove` deleted the document. */
  documentDeleted?(document: DeletedDocument): Promise<void>;
}
