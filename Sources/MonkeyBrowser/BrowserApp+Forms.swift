import Foundation
import HTMLText
import PageLoading
import TerminalUI

/// Forms: activating a field (by its number, or `Enter` on it after `Tab`), editing it in place, choosing
/// options, the textarea editor, and submitting. What the user typed lives in the tab's current history
/// entry, so it goes back and forward with the page and travels with a handoff.
extension BrowserApp {
    /// The user's changes to the selected tab's forms.
    var formValues: FormValues { tabs.selected.history.current?.form ?? FormValues() }

    /// Sets a field's value in the selected tab.
    func setValue(_ value: FieldValue, of field: FormField) {
        guard let page = tabs.selected.page else { return }
        var values = formValues
        values.set(value, of: field, in: page.document.fields)
        tabs.selected.history.record(form: values)
    }

    /// Acts on field `number` of the selected page: edits, toggles, chooses or submits.
    func activate(field: FormField) {
        var tab = tabs.selected
        tab.focusedLink = field.number
        if let line = tab.page?.linkSpots.first(where: { $0.number == field.number })?.line {
            reveal(line: line, in: &tab)
        }
        tabs.selected = tab
        guard !field.disabled else {
            notify("Field \(field.number ?? 0) is disabled")
            return
        }
        let value = formValues.value(of: field)
        switch field.kind {
        case .checkbox:
            setValue(.checked(value != .checked(true)), of: field)
            save()
        case .radio:
            setValue(.checked(true), of: field)
            save()
        case .select:
            guard case .selected(let chosen) = value else { return }
            var list = ListState(selected: chosen.first ?? 0)
            list.scrollToSelection(height: max(1, pageSize.height - 2))
            mode = .choosing(
                OptionChooser(field: field.index, list: list, chosen: Set(chosen), multiple: field.multiple))
        case .textarea:
            guard !field.readOnly else { return notify("Field \(field.number ?? 0) is read-only") }
            guard case .text(let text) = value else { return }
            mode = .textarea(TextAreaEditor(field: field.index, text: text))
        case .submit, .image:
            submit(form: field.form, submitter: field.index)
        case .reset:
            guard let page = tabs.selected.page else { return }
            var values = formValues
            values.reset(form: field.form, in: page.document.fields)
            tabs.selected.history.record(form: values)
            save()
        case .button:
            notify("This button needs JavaScript, which Baton does not run")
        case .file:
            notify("File uploads are not supported")
        case .hidden:
            break
        default:
            guard !field.readOnly else { return notify("Field \(field.number ?? 0) is read-only") }
            guard case .text(let text) = value else { return }
            mode = .field(FieldEditor(field: field.index, state: TextFieldState(text: text), original: text))
        }
    }

    /// Submits form `form` of the selected page by `submitter` (a field index; nil: Enter in a text field,
    /// which submits as the form's first submit button, as browsers do).
    func submit(form: Int?, submitter: Int?) {
        let index = tabs.selectedIndex
        guard let page = tabs[index].page else { return }
        guard let form else { return notify("This field is not in a form") }
        let fields = page.document.fields
        let button =
            submitter
            ?? fields.first { $0.form == form && $0.kind.isSubmitButton && !$0.disabled }?.index
        do {
            let request = try FormSubmission.request(
                document: page.document, form: form, values: formValues, submitter: button,
                pageCharset: page.charset, documentURL: page.url)
            let post = request.body.map {
                PostBody(bytes: $0, contentType: request.contentType ?? "application/x-www-form-urlencoded")
            }
            save()
            navigate(index, to: request.url, post: post, site: page.url.host)
        } catch {
            notify("Cannot send the form: \(error)")
        }
    }

    func notify(_ text: String) {
        tabs.selected.notice = .message(text)
    }

    // MARK: Keys while editing

    /// The field being edited (an index into the page's fields); when the page no longer has it, editing ends.
    private func editedField(_ index: Int) -> FormField? {
        guard let page = tabs.selected.page, page.document.fields.indices.contains(index) else {
            mode = .page
            return nil
        }
        return page.document.fields[index]
    }

    func handleFieldKey(_ press: KeyPress, editor: FieldEditor) {
        var editor = editor
        guard let field = editedField(editor.field) else { return }
        if press == KeyPress(.tab) || press == KeyPress(.tab, .shift) {
            mode = .page
            save()
            focusLink(step: press.modifiers.contains(.shift) ? -1 : 1)
            return
        }
        switch editor.state.handle(press) {
        case .submitted:
            mode = .page
            submit(form: field.form, submitter: nil)
        case .cancelled:
            setValue(.text(editor.original), of: field)
            mode = .page
        case .edited:
            if let limit = field.maxLength, limit >= 0, editor.state.text.count > limit {
                editor.state.set(String(editor.state.text.prefix(limit)))
            }
            setValue(.text(editor.state.text), of: field)
            mode = .field(editor)
        case .moved, .ignored:
            mode = .field(editor)
        }
    }

    func handleChooserKey(_ press: KeyPress, chooser: OptionChooser) {
        var chooser = chooser
        guard let field = editedField(chooser.field) else { return }
        let highlighted = chooser.list.selected
        switch (press.key, press.modifiers) {
        case (.escape, []):
            mode = .page
            return
        case (.character(" "), []) where chooser.multiple:
            if field.options.indices.contains(highlighted), !field.options[highlighted].disabled {
                if !chooser.chosen.insert(highlighted).inserted { chooser.chosen.remove(highlighted) }
            }
        case (.enter, []):
            if chooser.multiple {
                setValue(.selected(chooser.chosen.sorted()), of: field)
            } else {
                guard field.options.indices.contains(highlighted), !field.options[highlighted].disabled else {
                    return notify("That option cannot be chosen")
                }
                setValue(.selected([highlighted]), of: field)
            }
            mode = .page
            save()
            return
        default:
            _ = chooser.list.handle(press, count: field.options.count, pageSize: max(1, pageSize.height - 2))
        }
        chooser.list.scrollToSelection(height: max(1, pageSize.height - 2))
        mode = .choosing(chooser)
    }

    func handleTextAreaKey(_ press: KeyPress, editor: TextAreaEditor) {
        var editor = editor
        guard let field = editedField(editor.field) else { return }
        switch editor.handle(press) {
        case .done:
            mode = .page
            save()
        case .edited:
            setValue(.text(editor.text), of: field)
            editor.reveal(height: max(1, pageSize.height - 2))
            mode = .textarea(editor)
        case .moved, .ignored:
            editor.reveal(height: max(1, pageSize.height - 2))
            mode = .textarea(editor)
        }
    }

    /// `y` sends the form again (going `step` back, forward, or reloading); anything else leaves things be.
    func handleResubmitKey(_ press: KeyPress, step: Int) {
        mode = .page
        guard press == .char("y") || press == .char("Y") else {
            notify("The form was not sent again")
            return
        }
        if step == 0 {
            reload(confirmed: true)
        } else {
            stepHistory(step, confirmed: true)
        }
    }
}
