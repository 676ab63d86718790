"""Scenario results in, JUnit XML out (one testsuite, one testcase per scenario file), the format
CI dashboards read."""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree import ElementTree as ET

from compiler.scenarios.runner import Result


def junit_xml(results: Sequence[Result], seconds: float) -> str:
    failed = [r for r in results if not r.passed]
    suite = ET.Element(
        "testsuite",
        name="cosmic scenarios",
        tests=str(len(results)),
        failures=str(len(failed)),
        errors="0",
        skipped="0",
        time=f"{seconds:.3f}",
    )
    for r in results:
        case = ET.SubElement(
            suite,
            "testcase",
            classname=r.path.rsplit(".", 1)[0].replace("/", ".").replace("\\", "."),
            name=r.name,
            file=r.path,
            time=f"{r.seconds:.3f}",
        )
        if r.failures:
            failure = ET.SubElement(case, "failure", message=r.failures[0][1])
            failure.text = "\n".join(f"{r.path}:{line}: {message}" for line, message in r.failures)
            if r.log:
                ET.SubElement(case, "system-out").text = "\n".join(r.log)
    suites = ET.Element("testsuites", tests=str(len(results)), failures=str(len(failed)))
    suites.append(suite)
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
    )
