#!/usr/bin/env python3
"""Reads the web catalogue of spec-repo-fixture (compose repo export --site) in headless Chromium, as a
reader would, in one browser session: the index lists 16 pods, typing "pay" in the search leaves Pay
and PayMediator, the deprecated Cache is marked, pages name dependents, the graph's nodes link to
pages. Writes catalogue-index.png and catalogue-pod.png into SHOTS. Prints one line per failed check
and "N passed, N failed"; exits 1 when a check failed.

Usage: Tests/Browser/catalogue_check.py BASE_URL SHOTS   (BASE_URL ends with the site's folder and /)
"""
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    base, shots = sys.argv[1], sys.argv[2]
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1100,860", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    results = []

    def check(passed, what):
        results.append(passed)
        if not passed:
            print("FAILED: " + what)

    def texts(selector):
        return [element.text for element in driver.find_elements(By.CSS_SELECTOR, selector)]

    try:
        wait = WebDriverWait(driver, 10)
        driver.get(base + "index.html")
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-search-ready") == "true")
        rows = driver.find_elements(By.CSS_SELECTOR, "#pods tbody tr")
        check(len(rows) == 16, "the index lists %d pods, not 16" % len(rows))
        cache = driver.find_element(By.CSS_SELECTOR, 'tr[data-pod="Cache"]')
        badge = cache.find_elements(By.CSS_SELECTOR, ".badge.deprecated")
        check("deprecated" in (cache.get_attribute("class") or "") and len(badge) == 1 and badge[0].is_displayed()
              and badge[0].text == "deprecated", "Cache is not marked deprecated in the index")
        driver.save_screenshot(shots + "/catalogue-index.png")

        driver.find_element(By.ID, "search").send_keys("pay")
        try:  # the rows are filtered on each input event; a loaded machine may take a moment
            wait.until(lambda d: d.find_element(By.ID, "count").text == "2 pods")
        except TimeoutException:
            pass
        shown = [row.get_attribute("data-pod") for row in rows if row.is_displayed()]
        check(shown == ["Pay", "PayMediator"], 'typing "pay" leaves %s' % shown)
        check(driver.find_element(By.ID, "count").text == "2 pods", "the count says %r"
              % driver.find_element(By.ID, "count").text)

        driver.find_element(By.LINK_TEXT, "Pay").click()
        wait.until(lambda d: d.current_url.endswith("/pods/Pay.html"))
        check(driver.find_element(By.CSS_SELECTOR, "h1 .name").text == "Pay", "Pay's page has another heading")
        dependents = driver.find_element(By.ID, "dependents").text
        check(dependents == "No pod of this spec repo depends on it.", "Pay's dependents read %r" % dependents)
        dependencies = texts("#dependencies li a")
        check(dependencies == ["Networking", "Storage", "DesignSystem", "PayMediator", "OrderMediator", "Analytics"],
              "Pay's dependencies read %s" % dependencies)
        readme = driver.find_elements(By.CSS_SELECTOR, "pre.readme")
        check(len(readme) == 1 and readme[0].text.startswith("# Pay"), "Pay's README is not shown")
        released = texts("#versions tbody tr")
        check(released[0] == "2.0.0-beta.1 2026-11-20" and released[-1] == "1.0.0 2026-03-02",
              "Pay's versions read %s" % released)
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(1100, min(max(height, 860), 2400))
        driver.save_screenshot(shots + "/catalogue-pod.png")
        driver.set_window_size(1100, 860)

        driver.find_element(By.LINK_TEXT, "PayMediator").click()
        wait.until(lambda d: d.current_url.endswith("/pods/PayMediator.html"))
        check(texts("#dependents li") == ["Order", "Pay"], "PayMediator's dependents read %s" % texts("#dependents li"))
        unreachable = driver.find_element(By.CSS_SELECTOR, "p.readme").text
        check(unreachable.startswith("The component's repository could not be read"),
              "PayMediator's unreachable README reads %r" % unreachable)

        driver.get(base + "pods/Cache.html")
        check("deprecated in favour of Storage" in driver.find_element(By.CSS_SELECTOR, ".deprecation").text,
              "Cache's page does not name its successor")

        driver.get(base + "graph.svg")
        links = driver.execute_script(
            "return Array.from(document.querySelectorAll('a')).map("
            "a => a.getAttribute('xlink:href') || a.getAttribute('href'))")
        check(len(links) == 16 and "pods/Pay.html" in links, "the graph's links are %s" % links)
        driver.execute_script(
            "Array.from(document.querySelectorAll('a')).find("
            "a => a.getAttribute('xlink:href') === 'pods/PayMediator.html')"
            ".dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))")
        wait.until(lambda d: d.current_url.endswith("/pods/PayMediator.html"))
        check(driver.find_element(By.CSS_SELECTOR, "h1 .name").text == "PayMediator",
              "a click on the graph's PayMediator does not open its page")
    finally:
        driver.quit()
    failed = results.count(False)
    print("%d passed, %d failed" % (len(results) - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
