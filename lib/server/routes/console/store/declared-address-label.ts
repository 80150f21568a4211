/** A one-line label of the declared address as the client sent it (address_line wins, SPEC §4.1). */
export function declaredAddressLabel(declaredAddressJson: string): string | null {
  let d: {
    address_line?: unknown;
    structured_address?: Record<string, unknown> | null;
    address_coordinates?: { lat?: unknown; lng?: unknown } | null;
  };
  try {
    d = JSON.parse(declaredAddressJson) as typeof d;
  } catch {
    return null;
  }
  if (typeof d.address_line === 'string' && d.address_line.trim()) return d.address_line.trim();
  const s = d.structured_address;
  if (s) {
    const text = [
      [s.street, s.number].filter(Boolean).join(' '),
      s.neighborhood,
      s.city,
      s.state,
      s.postal_code,
      s.country_code ?? s.country_name,
    ]
      .filter((p) => typeof p === 'string' && p.trim())
      .join(', ');
    if (text) return text;
  }
  const c = d.address_coordinates;
  if (c && typeof c.lat === 'number' && typeof c.lng === 'number')
    return `${c.lat.toFixed(5)}, ${c.lng.toFixed(5)}`;
  return null;
}
