import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BuiltInRolesNotice } from './built-in-roles-notice.tsx';

const draw = (affected: Parameters<typeof BuiltInRolesNotice>[0]['notice']['affected']) =>
  renderToString(
    <BuiltInRolesNotice notice={{ changedAt: '2026-11-28T03:00:00Z', affected }} pending={false} onDismiss={() => {}} />,
  );

describe('the note on the built-in roles', () => {
  it('says what the roles became and names whose access changed', () => {
    const html = draw([
      { id: 3, username: 'asha', firstName: 'Asha', lastName: 'Rao', role: 'user' },
      { id: 4, username: 'bina', firstName: '', lastName: '', role: 'manager' },
    ]);
    expect(html).toContain('The built-in roles now mean what they say');
    expect(html).toContain('Asha Rao (@asha, User), bina (@bina, Manager)');
    expect(html).toContain('Dismiss');
  });

  it('says so when nobody was affected', () => {
    expect(draw([])).toContain('access changed: every member of staff had another role or their own permissions');
  });
});
