/**
 * The fields of a form post; an empty form when the body is not one (another content type, a
 * multipart body without its boundary): the action then answers its "please fill in" page with
 * 400, never a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
