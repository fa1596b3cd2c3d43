import type { UserType } from '#contract/users.ts';

const choices: { value: UserType; title: string; body: string }[] = [
  { value: 'attendee', title: 'I’m an attendee', body: 'Find events, book tickets and keep them on your phone.' },
  { value: 'organiser', title: 'I organise events', body: 'Sell tickets, then scan them at the door with your team.' },
];

interface UserTypeChoiceProps {
  value: UserType;
  onChange: (value: UserType) => void;
}

/** Attendee or organiser, as two large radio cards. */
export function UserTypeChoice({ value, onChange }: UserTypeChoiceProps) {
  return (
    <fieldset>
      <legend className="font-medium text-slate-800">How will you use Admit?</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white p-4 hover:border-indigo-400 has-checked:border-indigo-600 has-checked:bg-indigo-50 has-checked:ring-1 has-checked:ring-indigo-600"
          >
            <input
              type="radio"
              name="userType"
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5 size-5 shrink-0 accent-indigo-600"
            />
            <span>
              <span className="block font-semibold text-slate-900">{choice.title}</span>
              <span className="mt-0.5 block text-slate-600 text-sm">{choice.body}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
