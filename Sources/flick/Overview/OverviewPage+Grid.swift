import CGtk
import FlickCore
import Foundation
import GtkKit

/// The grid's factory (tiles made, bound to a clip, recycled), its
/// selection, focus and keys.
extension OverviewPage {
    func installFactory(_ factory: OpaquePointer) {
        connect(factory, .listItem("setup")) { [unowned self] item in
            guard let item else { return }
            let tile = OverviewTile()
            tiles[tile.root.rawObject] = tile
            tile.onStackChip = { [unowned self, unowned tile] in
                if let index = index(of: tile) { toggleStack(at: index) }
            }
            gtk_list_item_set_child(OpaquePointer(item), tile.root.widget)
            let motion: OpaquePointer = gtk_event_controller_motion_new()
            connect(motion, .point("enter")) { [unowned self, unowned tile] _, _ in hover(tile) }
            connect(motion, .void("leave")) { [unowned self, unowned tile] in
                if preview.isPreviewing(tile) { preview.stop() }
            }
            gtk_widget_add_controller(tile.root.widget, motion)
        }
        connect(factory, .listItem("bind")) { [unowned self] item in
            guard let item, let tile = tile(of: OpaquePointer(item)), let position = position(of: OpaquePointer(item)),
                  position < model.count else { return }
            bind(tile, to: position, index: Int(gtk_list_item_get_position(OpaquePointer(item))),
                 selected: gtk_list_item_get_selected(OpaquePointer(item)) != 0)
        }
        connect(factory, .listItem("unbind")) { [unowned self] item in
            guard let item, let tile = tile(of: OpaquePointer(item)) else { return }
            if let position = tile.position, bound[position] === tile { bound[position] = nil }
            tile.clear()
            // GTK 4.8 unbinds and binds again on every selection change: the
            // preview stops only if the tile is not bound to its clip again.
            guard preview.isPreviewing(tile) else { return }
            Task { @MainActor [weak self, weak tile] in
                guard let self, let tile, preview.isPreviewing(tile), tile.clipID == nil else { return }
                preview.stop()
            }
        }
        connect(factory, .listItem("teardown")) { [unowned self] item in
            guard let item, let child = gtk_list_item_get_child(OpaquePointer(item)) else { return }
            tiles[child.rawObject] = nil
        }
    }

    private func bind(_ tile: OverviewTile, to position: Int, index: Int, selected: Bool) {
        let id = model.clips[position].id
        let keepsPreview = preview.isPreviewing(tile) && preview.clipID == id
        if preview.isPreviewing(tile) && !keepsPreview { preview.stop() }
        bound[position] = tile
        tile.stack = index < visible.count ? layout.stacks[index] : nil
        tile.show(position: position, model: model, place: (index, visible.count), selected: selected)
        if !keepsPreview { tile.setPicture(posters.image(for: id)) }
        // A hidden grid binds its first pages too (GTK 4.8): their posters
        // wait until the overview shows (see `requestBoundPosters`), or a
        // folder's opening would decode hundreds of stills nobody sees.
        if shown { posters.request(position: position, box: tile.posterBox ?? defaultPosterBox) }
        if pendingFocus == position, let item = tile.item {
            pendingFocus = nil
            gtk_widget_grab_focus(item)
            focusSettled()
        }
        if tabTarget == position { rememberForTab() }
    }

    /// Asks for the posters of the tiles bound while the overview was
    /// hidden, the ones nearest `position` last (so they are made first).
    func requestBoundPosters(near position: Int) {
        for (tilePosition, tile) in bound.sorted(by: { abs($0.key - position) > abs($1.key - position) }) where tilePosition < model.count {
            posters.request(position: tilePosition, box: tile.posterBox ?? defaultPosterBox)
        }
    }

    /// The poster box of a tile not laid out yet (the grid's first page).
    private var defaultPosterBox: TileBox {
        let scale = Int(max(1, gtk_widget_get_scale_factor(grid.widget)))
        return TileBox(width: OverviewTile.posterWidth * scale, height: OverviewTile.posterHeight * scale)
    }

    private func tile(of item: OpaquePointer) -> OverviewTile? {
        gtk_list_item_get_child(item).flatMap { tiles[$0.rawObject] }
    }

    private func position(of item: OpaquePointer) -> Int? {
        guard let object = gtk_list_item_get_item(item), let text = gtk_string_object_get_string(OpaquePointer(object)) else { return nil }
        return Int(String(cString: text))
    }

    func installGridSignals() {
        connect(grid, .int("activate")) { [unowned self] index in
            guard index >= 0, Int(index) < visible.count else { return }
            onOpen(visible[Int(index)])
        }
        connect(selection.pointer, .selectionChanged) { [unowned self] _, _ in
            let count = selectedPositions.count
            updateSummary()
            // Every change the user made on purpose (Space, Ctrl, Shift,
            // Ctrl+A, a click) is said with the new count; a plain arrow's
            // (GTK selects the tile it moves to) would be said on every move.
            selectionBuiltOnPurpose = selectingOnPurpose && count > 0
            if selectingOnPurpose {
                announce(Self.selectionWords(count, noun: visibleNoun))
            }
            onChange()
        }
        connect(root, .map) { [unowned self] in followFocus() }
    }

    /// Plays the focused tile after a moment (keyboard users get the same
    /// preview as the pointer's hover). Connected once, on the first map.
    private func followFocus() {
        guard !followsFocus, let window = gtk_widget_get_root(root.widget) else { return }
        followsFocus = true
        connect(window, .notify("focus-widget")) { [unowned self] _ in
            let focus = gtk_root_get_focus(window)
            let tile = focus.flatMap(gtk_widget_get_first_child).flatMap { tiles[$0.rawObject] }
            if let last = lastFocusedTile, last !== tile { last.restoreDescription() }
            lastFocusedTile = tile
            guard shown, let tile else { return }
            hover(tile)
        }
    }

    private func hover(_ tile: OverviewTile) {
        guard shown, let position = tile.position, position < model.count else { return }
        let clip = model.clips[position]
        preview.hover(tile, clip: clip, path: model.absolutePath(of: clip), playable: model.facts(at: position).problem == nil)
    }

    /// Deck positions the selected tiles decide, in grid order: each
    /// tile's clip, or every member of a folded stack the filter shows.
    var selectedPositions: [Int] {
        selectedIndices.flatMap { layout.members(at: $0) }
    }

    /// Grid indices of the selected tiles.
    var selectedIndices: [Int] {
        guard let bitset = BitsetRef(taking: gtk_selection_model_get_selection(selection.pointer)) else { return [] }
        var iterator = GtkBitsetIter()
        var value: guint = 0
        var indices: [Int] = []
        guard gtk_bitset_iter_init_first(&iterator, bitset.pointer, &value) != 0 else { return [] }
        repeat {
            if Int(value) < visible.count { indices.append(Int(value)) }
        } while gtk_bitset_iter_next(&iterator, &value) != 0
        return indices
    }

    /// Selects (and scrolls to, and focuses) the tile at grid `index`.
    func focus(index: Int, select: Bool) {
        guard index < visible.count else { return }
        if select {
            // Flick's own choice of tile, not the user's selection.
            selectingOnPurpose = false
            gtk_selection_model_select_item(selection.pointer, guint(index), 1)
            selectingOnPurpose = true
        }
        _ = gtk_widget_activate_action_variant(grid.widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
        let position = visible[index]
        if let item = bound[position]?.item {
            gtk_widget_grab_focus(item)
            focusSettled()
        } else {
            pendingFocus = position
            gtk_widget_grab_focus(grid.widget)
        }
    }

    /// Runs what waited for the focus to reach its tile (the words said
    /// when the overview opens).
    func focusSettled() {
        let waiting = afterFocus
        afterFocus = nil
        waiting?()
    }

    /// Shows the text on the status line and tells a screen reader, once
    /// (`Accessibility.announce`: a pulse of the focused widget's
    /// description; left set, it was said twice when focus moved to a new
    /// tile, and a repeated text not at all).
    func announce(_ text: String) {
        gtk_label_set_text(statusLabel.opaque, text)
        guard let window = gtk_widget_get_root(root.widget) else { return }
        Accessibility.announce(text, in: window)
    }
}
