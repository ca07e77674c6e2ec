/**
 * The ticket screen's native pick lists (assignee, category) look like the antd controls around
 * them: antd's chevron instead of the platform arrow, the primary colour on hover, antd's focus
 * ring on focus — and they still change the value like any select.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { NativeSelect } from '@/components/native-select';

const OPTIONS = [
  { value: '', label: 'No category' },
  { value: 'Billing', label: 'Billing' },
];

describe('NativeSelect', () => {
  it('draws antd’s chevron instead of the native arrow, and its hover and focus states', () => {
    const onChange = jest.fn();
    render(<NativeSelect aria-label="Category" value="" options={OPTIONS} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select.style.appearance).toBe('none');
    expect(select.style.backgroundImage).toContain('data:image/svg+xml');
    const resting = select.style.borderColor;
    expect(select.style.boxShadow).toBe('none');

    fireEvent.mouseEnter(select);
    const hovered = select.style.borderColor;
    expect(hovered).not.toBe(resting);
    fireEvent.focus(select);
    expect(select.style.boxShadow).not.toBe('none');
    expect(select.style.borderColor).not.toBe(resting);
    fireEvent.blur(select);
    fireEvent.mouseLeave(select);
    expect(select.style.boxShadow).toBe('none');
    expect(select.style.borderColor).toBe(resting);

    fireEvent.change(select, { target: { value: 'Billing' } });
    expect(onChange).toHaveBeenCalledWith('Billing');
  });

  it('shows neither hover nor focus colours when disabled', () => {
    render(<NativeSelect aria-label="Assignee" value="" options={OPTIONS} onChange={jest.fn()} disabled />);
    const select = screen.getByRole('combobox', { name: 'Assignee' });
    const resting = select.style.borderColor;
    fireEvent.mouseEnter(select);
    fireEvent.focus(select);
    expect(select.style.borderColor).toBe(resting);
    expect(select.style.boxShadow).toBe('none');
  });
});
