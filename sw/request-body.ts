/** A request's JSON body, read from a copy (the request itself can still be sent); undefined when it is not a POST or not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (request.method !== 'POST') return undefined;
  try {
    return (await request.clone().json()) as unknown;
  } catch {
    return undefined;
  }
}

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}
