#!/usr/bin/env python3
"""Reads the web catalogue of spec-repo-fixture (compose repo export --site) in headless Chromium, as a
reader would, in one browser session: the index lists 16 pods, typing "pay" in the search leaves Pay
and PayMediator, the deprecated Cache is marked, pages name dependents, Pay's README is rendered
(headings, list, code block, link) and Router's hostile one runs nothing, the graph's nodes link to
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
        check(texts("div.readme h1") == ["Pay"] and texts("div.readme h2") == ["Usage"],
              "Pay's README headings read %s %s" % (texts("div.readme h1"), texts("div.readme h2")))
        check(texts("div.readme ul li") == ["cards", "wallets"], "Pay's README list reads %s" % texts("div.readme ul li"))
        check(texts("div.readme pre code") == ["ServiceRegistry.shared.pay.present(order)"],
              "Pay's README code block reads %s" % texts("div.readme pre code"))
        links = [(a.text, a.get_attribute("href")) for a in driver.find_elements(By.CSS_SELECTOR, "div.readme a")]
        check(links == [("the checkout guide", "https://pay.example.com/guide")], "Pay's README links are %s" % links)
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

        # Router's README carries a script, an img onerror and javascript:/data: links: none of it runs.
        driver.get(base + "pods/Router.html")
        readme = driver.find_element(By.CSS_SELECTOR, "div.readme")
        for link in readme.find_elements(By.TAG_NAME, "a"):
            link.click()
        check(driver.current_url.endswith("/pods/Router.html"), "a click on Router's README left for %s"
              % driver.current_url)
        pwned = driver.execute_script("return document.body.dataset.pwned || null")
        check(pwned is None, "Router's README ran code (%s)" % pwned)
        check(len(readme.find_elements(By.CSS_SELECTOR, "script, img, iframe, object")) == 0,
              "Router's README holds markup of its own")
        hrefs = [a.get_attribute("href") for a in readme.find_elements(By.TAG_NAME, "a")]
        check(hrefs == [None, None], "Router's README links lead to %s" % hrefs)
        check("<script>document.body.dataset.pwned" in readme.text and 'onerror="' in readme.text,
              "Router's README does not show its raw HTML as text: %r" % readme.text)

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
