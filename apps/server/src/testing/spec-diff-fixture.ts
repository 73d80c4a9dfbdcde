// Test support for the Specs screen's suites; never imported by production code.

/**
 * Two versions of a small shop API. From the old to the new: `placedAt` leaves the Order schema
 * (breaking in both GET operations, with the same sentence), DELETE /orders/{id} is removed
 * (breaking), POST /orders is added, a `status` query parameter and a `note` property appear.
 */
export const OLD_SHOP = `openapi: 3.0.3
info: { title: Shop, version: '1' }
paths:
  /orders:
    get:
      operationId: listOrders
      responses:
        '200': { description: OK, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Order' } } } } }
  /orders/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getOrder
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Order' } } } }
    delete: { operationId: deleteOrder, responses: { '204': { description: Gone } } }
components:
  schemas:
    Order:
      type: object
      properties: { id: { type: string }, placedAt: { type: string, format: date-time } }
`;

/** The new version of {@link OLD_SHOP}. */
export const NEW_SHOP = `openapi: 3.0.3
info: { title: Shop, version: '2' }
paths:
  /orders:
    get:
      operationId: listOrders
      parameters: [{ name: status, in: query, schema: { type: string } }]
      responses:
        '200': { description: OK, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Order' } } } } }
    post: { operationId: addOrder, responses: { '201': { description: Made } } }
  /orders/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getOrder
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Order' } } } }
components:
  schemas:
    Order:
      type: object
      properties: { id: { type: string }, note: { type: string } }
`;
