// Query DTO of GET /api/properties lands with the properties read API (issue 2).
export {};
