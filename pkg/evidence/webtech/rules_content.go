package webtech

// Content management, site builders and e-commerce platforms.

var cmsTechs = []Technology{
	{Name: "WordPress", Category: CMS, Website: "https://wordpress.org", Rules: []Rule{
		Meta("generator", `^WordPress(?: `+ver+`)?`, 0.95),
		Script(`/wp-includes/.*[?&]ver=`+ver, 0.85),
		Script(`/wp-(?:content|includes)/`, 0.8),
		Link(`/wp-(?:content|includes)/`, 0.8),
		Header("Link", `rel="https://api\.w\.org/"`, 0.9),
		Header("X-Pingback", `/xmlrpc\.php`, 0.7),
		CookiePrefix("wordpress_", 0.8),
		CookiePrefix("wp-settings-", 0.8),
		HTML("/wp-content/", 0.6),
		HTML("/wp-json/", 0.6),
	}},
	{Name: "Drupal", Category: CMS, Website: "https://www.drupal.org", Rules: []Rule{
		Meta("generator", `^Drupal(?: `+ver+`)?`, 0.95),
		Header("X-Generator", `^Drupal(?: `+ver+`)?`, 0.95),
		Header("X-Drupal-Cache", "", 0.9),
		Header("X-Drupal-Dynamic-Cache", "", 0.9),
		HTML(`data-drupal-selector=`, 0.85),
		HTML(`drupal-settings-json`, 0.9),
		Script(`/core/misc/drupal\.js`, 0.9),
		Script(`/sites/(?:all|default)/(?:modules|themes)/`, 0.6),
	}},
	{Name: "Joomla", Category: CMS, Website: "https://www.joomla.org", Rules: []Rule{
		Meta("generator", `^Joomla!?(?: `+ver+`)?`, 0.95),
		Header("X-Content-Encoded-By", `Joomla`, 0.9),
		Script(`/media/(?:jui|system)/js/`, 0.7),
		HTML(`/media/jui/`, 0.6),
		HTML(`"joomla.jtext"`, 0.85),
	}},
	{Name: "Ghost", Category: CMS, Website: "https://ghost.org", Rules: []Rule{
		Meta("generator", `^Ghost(?: `+ver+`)?`, 0.95),
		Header("X-Ghost-Cache-Status", "", 0.9),
		Script(`/ghost/(?:portal|sodo-search)`, 0.8),
		Cookie("ghost-members-ssr", 0.85),
	}},
	{Name: "HubSpot CMS", Category: CMS, Website: "https://www.hubspot.com/products/cms", Rules: []Rule{
		Meta("generator", `^HubSpot`, 0.95),
		Header("X-Hs-Hub-Id", "", 0.8),
		ScriptHost("hsappstatic.net", 0.8),
		LinkHost("hsappstatic.net", 0.8),
		HTML(`/hs/hsstatic/`, 0.8),
		HTML(`/hubfs/`, 0.4),
	}, Implies: []string{"HubSpot"}},
	{Name: "Contentful", Category: CMS, Website: "https://www.contentful.com", Rules: []Rule{
		HTML(`ctfassets.net/`, 0.85),
		ScriptHost("ctfassets.net", 0.85),
	}},
	{Name: "Sanity", Category: CMS, Website: "https://www.sanity.io", Rules: []Rule{
		HTML(`cdn.sanity.io/`, 0.85),
	}},
	{Name: "Strapi", Category: CMS, Website: "https://strapi.io", Rules: []Rule{
		Header("X-Powered-By", `Strapi`, 0.95),
	}},
	{Name: "Prismic", Category: CMS, Website: "https://prismic.io", Rules: []Rule{
		HTML(`images.prismic.io/`, 0.85),
		ScriptHost("prismic.io", 0.85),
	}},
	{Name: "Storyblok", Category: CMS, Website: "https://www.storyblok.com", Rules: []Rule{
		HTML(`a.storyblok.com/`, 0.85),
		ScriptHost("storyblok.com", 0.8),
	}},
	{Name: "Contentstack", Category: CMS, Website: "https://www.contentstack.com", Rules: []Rule{
		HTML(`images.contentstack.io/`, 0.85),
	}},
	{Name: "Sitecore", Category: CMS, Website: "https://www.sitecore.com", Rules: []Rule{
		Cookie("SC_ANALYTICS_GLOBAL_COOKIE", 0.9),
		CookiePrefix("sxa_site", 0.8),
		HTML(`/-/media/`, 0.35),
	}},
	{Name: "Adobe Experience Manager", Category: CMS, Website: "https://business.adobe.com/products/experience-manager/adobe-experience-manager.html", Rules: []Rule{
		HTML(`/etc.clientlibs/`, 0.85),
		Script(`/etc\.clientlibs/`, 0.85),
		HTML(`/content/dam/`, 0.45),
	}},
	{Name: "TYPO3", Category: CMS, Website: "https://typo3.org", Rules: []Rule{
		Meta("generator", `^TYPO3(?: `+ver+`)?`, 0.95),
		HTML(`/typo3conf/`, 0.85),
		HTML(`/typo3temp/`, 0.85),
	}},
	{Name: "Craft CMS", Category: CMS, Website: "https://craftcms.com", Rules: []Rule{
		Header("X-Powered-By", `Craft CMS`, 0.95),
		Cookie("CraftSessionId", 0.9),
	}},
	{Name: "Umbraco", Category: CMS, Website: "https://umbraco.com", Rules: []Rule{
		Script(`/umbraco/`, 0.6),
		Header("X-Umbraco-Version", `^`+ver, 0.95),
	}},
	{Name: "DNN", Category: CMS, Website: "https://www.dnnsoftware.com", Rules: []Rule{
		Cookie("dnn_IsMobile", 0.9),
		HTML(`/DesktopModules/`, 0.75),
	}},
	{Name: "Concrete CMS", Category: CMS, Website: "https://www.concretecms.com", Rules: []Rule{
		Meta("generator", `^(?:concrete5|Concrete CMS)`, 0.95),
		Cookie("CONCRETE5", 0.9),
	}},
	{Name: "Blogger", Category: CMS, Website: "https://www.blogger.com", Rules: []Rule{
		Meta("generator", `^Blogger`, 0.95),
		URLHost("blogspot.com", 0.9),
	}},
	{Name: "Hugo", Category: CMS, Website: "https://gohugo.io", Rules: []Rule{
		Meta("generator", `^Hugo(?: `+ver+`)?`, 0.95),
	}},
	{Name: "Jekyll", Category: CMS, Website: "https://jekyllrb.com", Rules: []Rule{
		Meta("generator", `^Jekyll(?: v`+ver+`)?`, 0.95),
	}},
	{Name: "Docusaurus", Category: CMS, Website: "https://docusaurus.io", Rules: []Rule{
		Meta("generator", `^Docusaurus(?: v`+ver+`)?`, 0.95),
	}, Implies: []string{"React"}},
	{Name: "Medium", Category: CMS, Website: "https://medium.com", Rules: []Rule{
		ScriptHost("cdn-client.medium.com", 0.9),
		URLHost("medium.com", 0.9),
	}},
}

var siteBuilderTechs = []Technology{
	{Name: "Webflow", Category: SiteBuilder, Website: "https://webflow.com", Rules: []Rule{
		Meta("generator", `^Webflow`, 0.95),
		HTML(`data-wf-page=`, 0.9),
		HTML(`data-wf-site=`, 0.9),
		ScriptHost("website-files.com", 0.8),
		LinkHost("website-files.com", 0.8),
		Script(`webflow(?:\.[a-z0-9]+)*\.js`, 0.7),
		URLHost("webflow.io", 0.9),
	}},
	{Name: "Wix", Category: SiteBuilder, Website: "https://www.wix.com", Rules: []Rule{
		Meta("generator", `^Wix\.com Website Builder`, 0.95),
		Header("X-Wix-Request-Id", "", 0.95),
		ScriptHost("parastorage.com", 0.85),
		HTML(`static.wixstatic.com/`, 0.7),
		URLHost("wixsite.com", 0.9),
	}},
	{Name: "Squarespace", Category: SiteBuilder, Website: "https://www.squarespace.com", Rules: []Rule{
		HTML(`<!-- This is Squarespace. -->`, 0.95),
		Header("Server", `^Squarespace`, 0.95),
		ScriptHost("squarespace.com", 0.85),
		LinkHost("squarespace.com", 0.8),
		HTML(`static1.squarespace.com/`, 0.8),
		URLHost("squarespace.com", 0.9),
	}},
	{Name: "Framer", Category: SiteBuilder, Website: "https://www.framer.com", Rules: []Rule{
		Meta("generator", `^Framer`, 0.95),
		HTML(`framerusercontent.com/`, 0.85),
		URLHost("framer.website", 0.9),
		URLHost("framer.app", 0.9),
	}},
	{Name: "Duda", Category: SiteBuilder, Website: "https://www.duda.co", Rules: []Rule{
		ScriptHost("cdn-website.com", 0.85),
		HTML(`irp.cdn-website.com/`, 0.8),
	}},
	{Name: "Weebly", Category: SiteBuilder, Website: "https://www.weebly.com", Rules: []Rule{
		ScriptHost("editmysite.com", 0.9),
		URLHost("weebly.com", 0.9),
	}},
	{Name: "Jimdo", Category: SiteBuilder, Website: "https://www.jimdo.com", Rules: []Rule{
		ScriptHost("jimstatic.com", 0.9),
		LinkHost("jimstatic.com", 0.85),
	}},
	{Name: "GoDaddy Website Builder", Category: SiteBuilder, Website: "https://www.godaddy.com/websites/website-builder", Rules: []Rule{
		Meta("generator", `GoDaddy Website Builder|Go Daddy Website Builder`, 0.95),
		ScriptHost("wsimg.com", 0.7),
	}},
	{Name: "Unbounce", Category: SiteBuilder, Website: "https://unbounce.com", Rules: []Rule{
		ScriptHost("ubembed.com", 0.85),
		URLHost("unbouncepages.com", 0.9),
	}},
	{Name: "Instapage", Category: SiteBuilder, Website: "https://instapage.com", Rules: []Rule{
		ScriptHost("instapage.com", 0.85),
		URLHost("pagedemo.co", 0.85),
	}},
	{Name: "Leadpages", Category: SiteBuilder, Website: "https://www.leadpages.com", Rules: []Rule{
		ScriptHost("leadpages.net", 0.85),
		URLHost("lpages.co", 0.9),
	}},
	{Name: "Carrd", Category: SiteBuilder, Website: "https://carrd.co", Rules: []Rule{
		URLHost("carrd.co", 0.9),
		Meta("generator", `^Carrd`, 0.95),
	}},
}

var commerceTechs = []Technology{
	{Name: "Shopify", Category: Ecommerce, Website: "https://www.shopify.com", Rules: []Rule{
		Header("X-ShopId", "", 0.95),
		Header("X-Shopify-Stage", "", 0.95),
		Header("Powered-By", `Shopify`, 0.95),
		ScriptHost("cdn.shopify.com", 0.9),
		LinkHost("cdn.shopify.com", 0.85),
		HTML(`Shopify.theme`, 0.9),
		Cookie("_shopify_y", 0.9),
		Cookie("_shopify_s", 0.8),
		URLHost("myshopify.com", 0.95),
	}},
	{Name: "WooCommerce", Category: Ecommerce, Website: "https://woocommerce.com", Rules: []Rule{
		Meta("generator", `^WooCommerce(?: `+ver+`)?`, 0.95),
		Script(`/plugins/woocommerce/.*[?&]ver=`+ver, 0.9),
		Script(`/plugins/woocommerce/`, 0.9),
		Link(`/plugins/woocommerce/`, 0.85),
		HTML(`woocommerce-no-js`, 0.9),
		Cookie("woocommerce_items_in_cart", 0.9),
		CookiePrefix("wp_woocommerce_session_", 0.9),
	}, Implies: []string{"WordPress"}},
	{Name: "Magento", Category: Ecommerce, Website: "https://business.adobe.com/products/magento/magento-commerce.html", Rules: []Rule{
		Header("X-Magento-Cache-Debug", "", 0.95),
		Header("X-Magento-Tags", "", 0.95),
		Cookie("X-Magento-Vary", 0.9),
		Cookie("mage-cache-storage", 0.85),
		Cookie("mage-cache-sessid", 0.85),
		HTML(`data-mage-init=`, 0.9),
		HTML(`"Magento_Ui/js/`, 0.9),
		Script(`/static/version\d+/frontend/[^/]+/[^/]+/`, 0.85),
	}},
	{Name: "BigCommerce", Category: Ecommerce, Website: "https://www.bigcommerce.com", Rules: []Rule{
		ScriptHost("bigcommerce.com", 0.9),
		LinkHost("bigcommerce.com", 0.85),
		Cookie("SHOP_SESSION_TOKEN", 0.85),
		Cookie("fornax_anonymousId", 0.7),
		URLHost("mybigcommerce.com", 0.95),
	}},
	{Name: "PrestaShop", Category: Ecommerce, Website: "https://www.prestashop.com", Rules: []Rule{
		Meta("generator", `^PrestaShop`, 0.95),
		Header("Powered-By", `PrestaShop`, 0.95),
		CookiePrefix("PrestaShop-", 0.95),
		HTML(`var prestashop = `, 0.9),
	}},
	{Name: "Salesforce Commerce Cloud", Category: Ecommerce, Website: "https://www.salesforce.com/commerce/", Rules: []Rule{
		HTML(`/on/demandware.static/`, 0.95),
		Script(`demandware\.static`, 0.9),
		Cookie("dwsid", 0.9),
		CookiePrefix("dwac_", 0.85),
		HTML(`demandware.store/`, 0.85),
	}},
	{Name: "OpenCart", Category: Ecommerce, Website: "https://www.opencart.com", Rules: []Rule{
		Cookie("OCSESSID", 0.9),
		HTML(`catalog/view/theme/`, 0.8),
		HTML(`index.php?route=common/home`, 0.8),
	}},
	{Name: "Ecwid", Category: Ecommerce, Website: "https://www.ecwid.com", Rules: []Rule{
		ScriptHost("app.ecwid.com", 0.9),
	}},
	{Name: "Lightspeed eCom", Category: Ecommerce, Website: "https://www.lightspeedhq.com/ecommerce/", Rules: []Rule{
		ScriptHost("shoplightspeed.com", 0.85),
		HTML(`cdn.shoplightspeed.com/`, 0.85),
	}},
	{Name: "Gumroad", Category: Ecommerce, Website: "https://gumroad.com", Rules: []Rule{
		Script(`gumroad\.com/js/gumroad`, 0.9),
	}},
	{Name: "Snipcart", Category: Ecommerce, Website: "https://snipcart.com", Rules: []Rule{
		ScriptHost("cdn.snipcart.com", 0.9),
		HTML(`id="snipcart"`, 0.85),
	}},
	{Name: "VTEX", Category: Ecommerce, Website: "https://vtex.com", Rules: []Rule{
		HTML(`vtexassets.com/`, 0.9),
		ScriptHost("vtexassets.com", 0.9),
		Header("X-Vtex-Router-Version", "", 0.9),
	}},
	{Name: "Yotpo", Category: Reviews, Website: "https://www.yotpo.com", Rules: []Rule{
		ScriptHost("yotpo.com", 0.9),
	}},
	{Name: "Trustpilot", Category: Reviews, Website: "https://www.trustpilot.com", Rules: []Rule{
		ScriptHost("widget.trustpilot.com", 0.9),
		HTML(`class="trustpilot-widget"`, 0.9),
	}},
	{Name: "Judge.me", Category: Reviews, Website: "https://judge.me", Rules: []Rule{
		ScriptHost("judge.me", 0.9),
		HTML(`jdgm-widget`, 0.85),
	}},
	{Name: "Bazaarvoice", Category: Reviews, Website: "https://www.bazaarvoice.com", Rules: []Rule{
		ScriptHost("bazaarvoice.com", 0.9),
	}},
}
