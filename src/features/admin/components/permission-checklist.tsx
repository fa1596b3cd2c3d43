import { type AdminPermission, adminPermissionLabels, adminPermissions } from '#contract/admin.ts';

interface PermissionChecklistProps {
  value: readonly AdminPermission[];
  onChange(next: AdminPermission[]): void;
  disabled?: boolean;
}

/** One checkbox per permission, in the contract's order. */
export function PermissionChecklist({ value, onChange, disabled = false }: PermissionChecklistProps) {
  const toggle = (permission: AdminPermission, on: boolean) =>
    onChange(on ? [...value, permission] : value.filter((held) => held !== permission));
  return (
    <fieldset disabled={disabled} className="space-y-1">
      <legend className="mb-2 font-semibold text-slate-900">Permissions</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {adminPermissions.map((permission) => (
          <label key={permission} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
            <input
              type="checkbox"
              name="permissions"
              value={permission}
              checked={value.includes(permission)}
              onChange={(event) => toggle(permission, event.target.checked)}
              className="size-5 shrink-0 accent-indigo-700"
            />
            <span className="text-slate-800">{adminPermissionLabels[permission]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
