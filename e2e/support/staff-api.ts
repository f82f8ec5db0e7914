/** The API as staff call it in a test's set-up: with their session cookie, failing loudly; the `data` of the reply. */
export async function staffCall<T>(base: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/**
 * An admission sent the way the form sends it (the test server accepts an instant fill): its id.
 * The e-mail is the father's first name at example.com unless given.
 */
export async function sendAdmission(base: string, name: string, fatherName: string, email?: string): Promise<number> {
  const { token } = (await (await fetch(`${base}/api/enquiries/form-token?type=admission`)).json()) as { token: string };
  const response = await fetch(`${base}/api/enquiries/admission`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      formToken: token,
      name,
      fatherName,
      email: email ?? `${fatherName.split(' ')[0]!.toLowerCase()}@example.com`,
      phone: '+91 98765 33333',
      birthDate: '2023-08-01',
      address: '9 Hill Road',
      department: 'kindergarten',
      admissionDate: '2028-04-01',
      branch: 'Main Branch',
    }),
  });
  if (response.status !== 201) throw new Error(`submit failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** An admission sent the way the form sends it, then taken to Enrolled by staff through the API: its id. */
/** The stages that take an admission to Enrolled. */
export const ENROL = ['contacted', 'offered', 'enrolled'];

/** An admission sent the way the form sends it, then moved by staff through `stages`. */
export async function admissionAt(base: string, cookie: string, name: string, fatherName: string, email: string, stages = ENROL) {
  const id = await sendAdmission(base, name, fatherName, email);
  for (const to of stages) await staffCall(base, cookie, 'POST', `/api/enquiries/${id}/stage`, { to });
  return id;
}

/** An admission taken to Enrolled. */
export const enrolledAdmission = (base: string, cookie: string, name: string, fatherName: string, email: string) =>
  admissionAt(base, cookie, name, fatherName, email);
