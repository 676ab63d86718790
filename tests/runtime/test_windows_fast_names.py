"""The rules read windows off `Windows`, a plain class mirroring the `Window` enum for speed: it
must hold every member, under the same name, as the very same object."""

from runtime.windows import Window, Windows


def test_windows_holds_every_window_member_as_itself() -> None:
    for member in Window:
        assert getattr(Windows, member.name) is member


def test_windows_holds_nothing_but_window_members() -> None:
    public = {name for name in vars(Windows) if not name.startswith("_")}
    assert public == set(Window.__members__)
