/**
 * A policy's number, as the customer reads it (issues 26 and 29): the one the server gives when
 * the application is first paid ("BD-…", migration 0170), printed on the certificate and answered
 * by the public check. It is shown once the policy is in force (approved and paid); before that
 * there is no policy yet, only an application, so no second number is ever made up on the device.
 */
export function policyNumberOf(application: { papers?: { certificate: { policyNumber: string } | null } | null }): string | null {
  return application.papers?.certificate?.policyNumber ?? null;
}
