import { type FormEvent, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { FormCard } from '#components/fields/form-card.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { type Organization, updateOrganizationSchema } from '#contract/users.ts';
import { toast } from '#lib/toasts.tsx';
import { useUpdateOrganization } from '../../api/update-organization.ts';
import { serverPathErrors, validateByPath } from '../../utils/field-errors.ts';
import { ImagePicker } from '../image-picker.tsx';
import { profileChanges, profileValues, socialNetworks } from './organization-values.ts';
import { OrganizationTimeZoneField } from './time-zone-field.tsx';

/** The organisation's public profile; only changed fields are sent, checked with the contract's schema first. */
export function OrganizationSettingsForm({ organization }: { organization: Organization }) {
  const { formRef, values, setValues, errors, setErrors, field, clearError, showErrors } = useFormFields(
    profileValues(organization),
  );
  const [logo, setLogo] = useState({ key: organization.logoKey, url: organization.logoUrl });
  const update = useUpdateOrganization();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const changes = profileChanges(values, logo.key, organization);
    if (Object.keys(changes).length === 0) {
      setErrors({ [formErrorKey]: 'Nothing to save yet: change a field first.' });
      return;
    }
    const checked = validateByPath(updateOrganizationSchema, changes);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    update.mutate(
      { organizationId: organization.id, changes: checked.data },
      {
        onSuccess: (saved) => {
          setValues(profileValues(saved));
          setLogo({ key: saved.logoKey, url: saved.logoUrl });
          toast.success('Your organisation’s profile is saved.');
        },
        onError: (error) => showErrors(serverPathErrors(error, (path) => path in values || path === 'logoKey')),
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-6" aria-label="Organisation profile">
      {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
      <FormCard id="profile-title" title="Public profile" intro="Shown on your organisation page and beside your events.">
        <ImagePicker
          label="Logo"
          organizationId={organization.id}
          uploadName="organisation-logo"
          shape="square"
          hint="A square picture works best. JPEG, PNG or WebP, up to 5 MB after compression."
          imageUrl={logo.url}
          error={errors.logoKey}
          onUploaded={(picture) => {
            setLogo(picture);
            clearError('logoKey');
          }}
          onRemove={() => setLogo({ key: null, url: null })}
        />
        <TextField label="Name" required maxLength={120} autoComplete="organization" {...field('name')} />
        <TextareaField
          label="About"
          name="description"
          rows={6}
          maxLength={5000}
          value={values.description}
          error={errors.description}
          hint="A few lines about who you are and what you put on."
          onChange={(event) => {
            setValues((current) => ({ ...current, description: event.target.value }));
            clearError('description');
          }}
        />
        <TextField label="City" maxLength={80} autoComplete="address-level2" {...field('city')} />
      </FormCard>
      <FormCard id="contact-title" title="Contact and links">
        <TextField label="Website" type="url" inputMode="url" placeholder="https://" autoComplete="url" {...field('website')} />
        <TextField
          label="Contact email"
          type="email"
          autoComplete="email"
          hint="Where attendees can write to you."
          {...field('contactEmail')}
        />
        <fieldset className="space-y-5">
          <legend className="font-medium text-slate-800">Social links</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            {socialNetworks.map(({ key, label }) => (
              <TextField
                key={key}
                label={label}
                type="url"
                inputMode="url"
                placeholder="https://"
                {...field(`socialLinks.${key}`)}
              />
            ))}
          </div>
        </fieldset>
      </FormCard>
      <FormCard id="event-defaults-title" title="New events" intro="What a new event starts with; not shown to attendees.">
        <OrganizationTimeZoneField
          value={values.timezone}
          error={errors.timezone}
          onChange={(zone) => {
            setValues((current) => ({ ...current, timezone: zone }));
            clearError('timezone');
          }}
        />
      </FormCard>
      <SubmitButton busy={update.isPending} busyLabel="Saving…" inline>
        Save profile
      </SubmitButton>
    </form>
  );
}
