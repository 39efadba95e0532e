/** Display helpers of the admin dashboard's lead screens (the shared ones are in lib/format.ts). */

/** Building info as one line: type, size, square footage. */
export function buildingLine(b: Record<string, unknown>): string {
  return [b.type, b.size ?? b.buildingSize, b.squareFootage ? `${String(b.squareFootage)} sq ft` : undefined]
    .filter((v) => v !== undefined && v !== null && v !== '')
    .map(String)
    .join(' · ');
}
