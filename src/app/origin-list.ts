/** A build-time list of origins (`VITE_HOST_ORIGINS`, `VITE_API_ORIGINS`): comma-separated, spaces around an entry ignored. */
export function originList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}
