/** An address as the client sent it: on a signup's declared address or in a payment's addresses. */
interface SentAddress {
  address_line?: unknown;
  structured_address?: Record<string, unknown> | null;
  address_coordinates?: { lat?: unknown; lng?: unknown } | null;
}

/** The label of a stored declared address (JSON); null when it does not parse. */
export function declaredAddressLabel(declaredAddressJson: string): string | null {
  let d: SentAddress;
  try {
    d = JSON.parse(declaredAddressJson) as SentAddress;
  } catch {
    return null;
  }
  return sentAddressLabel(d);
}

/** A one-line label of an address as the client sent it (address_line wins, SPEC §4.1). */
export function sentAddressLabel(d: SentAddress): string | null {
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
